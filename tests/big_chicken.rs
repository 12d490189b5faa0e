use chicken_scores::rules::{big_chicken::*, *};
#[test]
fn scratch() {
    let d = deck(4);
    let mut found = 0;
    for seed in 0..20000u64 {
        let draws = virtual_draw(&d, &[0, 2], seed).unwrap();
        if draws.len() > 1 && found < 3 {
            found += 1;
            println!("seed {seed}: {:?}", draws);
        }
    }
    println!("seed 7: {:?}", virtual_draw(&d, &[0, 1, 2, 3], 7).unwrap());
    println!("seed 42: {:?}", virtual_draw(&d, &[2, 0], 42).unwrap());
    let ducks = vec![Card::Duck, Card::Duck, Card::Duck, Card::egg(2, Suit::Blue)];
    for seed in 0..20u64 {
        println!(
            "ducks seed {seed}: {:?}",
            virtual_draw(&ducks, &[0, 1, 2], seed).unwrap()
        );
    }
}
