#!/usr/bin/env bash
# Serve the app over HTTPS on the local network, for a game night without
# internet: phones need a secure context for the offline service worker,
# the screen wake lock, sharing and the clipboard, and a plain-http LAN
# address is not one.
#
# The first run makes a small certificate authority of your own
# (.tools/tls/ca.pem, kept; never leaves this machine unless you copy it)
# and a certificate for this machine's LAN addresses signed by it. Install
# ca.pem on each phone once (it is also served at /local-ca.crt):
#   Android: Settings > Security > Encryption & credentials > Install a
#            certificate > CA certificate;
#   iPhone:  open the file, then Settings > General > VPN & Device
#            Management to install it, and Settings > General > About >
#            Certificate Trust Settings to trust it.
# Usage: serve-https.sh [port]   (default 8443)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
bash tests/tools/setup.sh
bash tests/tools/build.sh
TLS="$ROOT/.tools/tls"
mkdir -p "$TLS"
if [ ! -f "$TLS/ca.pem" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 825 -sha256 \
    -subj "/CN=Chicken Scores local CA" -keyout "$TLS/ca.key" -out "$TLS/ca.pem" 2>/dev/null
fi
# This machine's addresses now (they change between networks, so the
# certificate is made again each run).
sans="DNS:localhost,IP:127.0.0.1"
for ip in $(hostname -I 2>/dev/null || true); do
  case "$ip" in *:*) ;; *) sans="$sans,IP:$ip" ;; esac
done
openssl req -newkey rsa:2048 -nodes -subj "/CN=Chicken Scores" \
  -keyout "$TLS/server.key" -out "$TLS/server.csr" 2>/dev/null
printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\n' "$sans" > "$TLS/ext.cnf"
openssl x509 -req -in "$TLS/server.csr" -CA "$TLS/ca.pem" -CAkey "$TLS/ca.key" -CAcreateserial \
  -days 365 -sha256 -extfile "$TLS/ext.cnf" -out "$TLS/server.pem" 2>/dev/null
cp "$TLS/ca.pem" dist/local-ca.crt
echo "Certificate for: $sans"
TLS_CERT="$TLS/server.pem" TLS_KEY="$TLS/server.key" \
  exec node tests/tools/static-server.mjs dist "${1:-8443}" 0.0.0.0
