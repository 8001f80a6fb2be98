// Small helpers to build SVG without a framework.

const NS = 'http://www.w3.org/2000/svg';

// Creates an SVG element with attributes and children (elements or text).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A fresh root <svg> with the given view box.
export function svgRoot(width, height, label) {
  return el('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label });
}
