// A QR code of a link, drawn as SVG rectangles (no markup strings: the page's
// CSP allows no inline script, and nothing here needs one). The encoding is
// the vendored qrcode-generator (vendor/README.md).

import qrcode from "./vendor/qrcode.js";

const SVG = "http://www.w3.org/2000/svg";

/** An <svg> QR code of `text` (type chosen by its length, error correction M), `label` its name. */
export function qrSvg(text, label) {
  const code = qrcode(0, "M");
  code.addData(text);
  code.make();
  const n = code.getModuleCount();
  const quiet = 4; // the margin the standard asks for, in modules
  const size = n + 2 * quiet;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "qr");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.dataset.modules = String(n);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", size);
  back.setAttribute("height", size);
  back.setAttribute("fill", "#fff");
  svg.append(back);
  // One path of unit squares: small and crisp at any size.
  let d = "";
  for (let r = 0; r < n; r += 1) {
    for (let c = 0; c < n; c += 1) {
      if (code.isDark(r, c)) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
    }
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(path);
  return svg;
}
