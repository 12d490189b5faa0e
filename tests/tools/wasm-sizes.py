# Code bytes of a WASM module per crate, from its name section: the sync
# worker built with its names kept (after wasm-opt, as released):
#   KEEP_NAMES=1 bash tests/tools/sync-worker.sh /tmp/named
#   python3 tests/tools/wasm-sizes.py /tmp/named/sync/*/sync-worker_bg.wasm [rows] [name part]
# prints each crate's bytes of function bodies (generic code counts for the
# crate that defines it; LTO inlines across crates), and with a name part
# the largest functions whose names hold it.
import sys, re, collections
b = open(sys.argv[1], 'rb').read()
def leb(i):
    n = s = 0
    while True:
        x = b[i]; i += 1; n |= (x & 0x7f) << s; s += 7
        if not x & 0x80: return n, i
i = 8; imports = 0; bodies = []; names = {}; data = 0; custom = {}
while i < len(b):
    sid = b[i]; size, body = leb(i + 1); end = body + size
    if sid == 2:
        cnt, p = leb(body)
        for _ in range(cnt):
            l, p = leb(p); p += l; l, p = leb(p); p += l
            kind = b[p]; p += 1
            if kind == 0: _, p = leb(p); imports += 1
            elif kind == 1: p += 1; fl, p = leb(p); _, p = leb(p); p = leb(p)[1] if fl & 1 else p
            elif kind == 2: fl, p = leb(p); _, p = leb(p); p = leb(p)[1] if fl & 1 else p
            elif kind == 3: p += 2
    elif sid == 10:
        cnt, p = leb(body)
        for _ in range(cnt):
            sz, q = leb(p); bodies.append(sz + (q - p)); p = q + sz
    elif sid == 11: data = size
    elif sid == 0:
        l, p = leb(body); nm = b[p:p+l].decode(); p += l
        custom[nm] = size
        if nm == 'name':
            while p < end:
                sub = b[p]; ssz, q = leb(p + 1); e2 = q + ssz
                if sub == 1:
                    cnt, q = leb(q)
                    for _ in range(cnt):
                        idx, q = leb(q); l, q = leb(q); names[idx] = b[q:q+l].decode('utf8', 'replace'); q += l
                p = e2
    i = end
def crate(n):
    m = re.match(r'_ZN(\d+)', n)
    if m:
        k = int(m.group(1)); c = n[m.end():m.end()+k]
        if c.startswith('_$LT$'):
            inner = re.findall(r'([a-z_][a-z0-9_]*)\.\.', c)
            # the trait's crate is less telling than the type's: the type's
            return (inner[0] if inner else c[:30]) + ' (impl)'
        return c
    if n.startswith('_R'): return 'v0'
    return n.split('::')[0][:30] if '::' in n else '(other: ' + n[:20] + ')' if not n.startswith('__') else n[:20]
per = collections.Counter()
for k, sz in enumerate(bodies):
    per[crate(names.get(imports + k, '?'))] += sz
tot = sum(bodies)
print(f'code {tot} B in {len(bodies)} functions; data {data} B; names {len(names)}; custom {custom}')
for c, s in per.most_common(int(sys.argv[2]) if len(sys.argv) > 2 else 40):
    print(f'{s:>9} {100*s/tot:5.1f}%  {c}')
if len(sys.argv) > 3:
    pat = sys.argv[3]
    rows = sorted(((sz, names.get(imports + k, '?')) for k, sz in enumerate(bodies) if pat in names.get(imports + k, '')), reverse=True)
    print(f'-- {pat}: {sum(s for s, _ in rows)} B in {len(rows)} functions')
    for sz, n in rows[:25]: print(f'{sz:>8} {n[:150]}')
