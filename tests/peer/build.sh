#!/bin/sh
# Builds the stand-in peer (see README.md) into tests/peer/dist: the app's
# sources, the three prebuilt dist files of Vue 2.7.16 and Vuetify 2.7.2,
# and a .br (brotli 11) and .gz (gzip 9) copy of every text file, which
# tests/tools/static-server.mjs sends when the browser accepts them.
# Usage: sh tests/peer/build.sh
set -eu
cd "$(dirname "$0")"
if [ -d node_modules ]; then
  echo "node_modules present: npm ci skipped"
else
  npm ci --no-audit --no-fund
fi
rm -rf dist
mkdir dist
cp src/* dist/
cp node_modules/vue/dist/vue.min.js \
   node_modules/vuetify/dist/vuetify.min.js \
   node_modules/vuetify/dist/vuetify.min.css dist/
node compress.mjs dist
