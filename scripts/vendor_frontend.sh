#!/usr/bin/env bash
# Vendor the front end's graph library into the package (run by hand when updating; never at install or run time).
# usage: scripts/vendor_frontend.sh [VERSION]
set -euo pipefail
version="${1:-3.34.4}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/plugin/xgrag/serve/static/vendor"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && echo '{"name":"xgrag-vendor","private":true}' > package.json && npm install --silent "cytoscape@$version")
cp "$work/node_modules/cytoscape/dist/cytoscape.min.js" "$dest/cytoscape.min.js"
cp "$work/node_modules/cytoscape/LICENSE" "$dest/cytoscape.LICENSE.txt"
echo "cytoscape $version: sha256 $(sha256sum "$dest/cytoscape.min.js" | cut -d' ' -f1) (update $dest/README.md)"
