// The self-contained page (`xgrag explain --html`): the same view as `xgrag serve`, drawn from the explanation data
// embedded in the page as inert JSON blocks (script elements of type application/json), with no server and no
// requests.

import { renderView } from "./view.js";

function main() {
  const views = [];
  document.querySelectorAll("script.xgrag-view").forEach((block) => {
    const arrived = performance.now();
    const vm = JSON.parse(block.textContent);
    const holder = document.getElementById(block.dataset.target);
    views.push(renderView(holder, vm, { arrived: arrived }));
  });
  globalThis.xgrag = { views: views };
}

main();
