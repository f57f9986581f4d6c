/**
 * Draws the site's illustrations as SVG and writes each as WebP at the responsive widths the LazyImage
 * component asks for (400/800/1200 and the 1600 "original", quality 85). Run after changing a drawing:
 *   pnpm --filter @agency/mfe-marketing images
 * The WebP files are committed, so builds never need this script (or sharp's binary).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../src/assets/images');
const WIDTHS = [400, 800, 1200, 1600];
const BRAND = { 600: '#e03306', 400: '#ff7238', 100: '#ffe6d4', 50: '#fff4ed' };
const INK = '#0f172a';

const bg = (w, h, from, to) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>`;
const person = (x, y, s, shirt, skin = '#f1c9a5', hair = '#3b2a20') =>
  `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-60" y="40" width="120" height="150" rx="50" fill="${shirt}"/><circle cx="0" cy="0" r="42" fill="${skin}"/><path d="M-44 -6 Q-40 -52 0 -48 Q44 -52 44 -6 Q30 -30 0 -28 Q-30 -30 -44 -6Z" fill="${hair}"/></g>`;
const laptop = (x, y, s) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><rect x="-110" y="-140" width="220" height="140" rx="10" fill="#1e293b"/><rect x="-98" y="-128" width="196" height="116" rx="4" fill="#e2e8f0"/><rect x="-84" y="-114" width="90" height="12" rx="6" fill="${BRAND[600]}"/><rect x="-84" y="-92" width="160" height="8" rx="4" fill="#94a3b8"/><rect x="-84" y="-76" width="130" height="8" rx="4" fill="#94a3b8"/><polyline points="-84,-30 -50,-50 -16,-40 18,-70 52,-60 80,-84" fill="none" stroke="${BRAND[400]}" stroke-width="6" stroke-linecap="round"/><rect x="-130" y="0" width="260" height="14" rx="7" fill="#334155"/></g>`;

const drawings = {
  'home-meeting': [
    1600,
    1200,
    (w, h) => `${bg(w, h, BRAND[50], '#ffffff')}
    <circle cx="1300" cy="220" r="160" fill="${BRAND[100]}"/><circle cx="220" cy="980" r="220" fill="#e0f2fe"/>
    <rect x="180" y="160" width="420" height="280" rx="24" fill="#ffffff" stroke="#e2e8f0" stroke-width="6"/>
    <rect x="220" y="200" width="160" height="20" rx="10" fill="${BRAND[600]}"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${230 + i * 85}" y="${400 - (i + 1) * 40}" width="50" height="${(i + 1) * 40}" rx="8" fill="${i === 3 ? BRAND[600] : BRAND[400]}"/>`).join('')}
    ${person(520, 620, 2.1, '#2563eb')}${person(1090, 620, 2.1, BRAND[600], '#c68b62', '#1f1410')}
    <rect x="260" y="880" width="1080" height="40" rx="20" fill="#78350f"/><rect x="330" y="920" width="30" height="240" fill="#78350f"/><rect x="1240" y="920" width="30" height="240" fill="#78350f"/>
    ${laptop(800, 880, 1.6)}
    <rect x="1000" y="840" width="120" height="40" rx="6" fill="#ffffff" stroke="#cbd5e1" stroke-width="4"/>
    <circle cx="460" cy="860" r="26" fill="#ffffff" stroke="#cbd5e1" stroke-width="6"/>`,
  ],
  'about-te-awamutu': [
    1600,
    1000,
    (w, h) => `${bg(w, h, '#e0f2fe', '#ffffff')}
    <circle cx="1250" cy="220" r="110" fill="#fde68a"/>
    <path d="M0 700 Q300 520 640 660 T1280 600 T1600 640 V1000 H0Z" fill="#86efac"/><path d="M0 820 Q400 700 800 800 T1600 760 V1000 H0Z" fill="#4ade80"/>
    ${[260, 520, 900, 1180].map((x, i) => `<g transform="translate(${x} ${640 - (i % 2) * 40})"><rect x="-90" y="-120" width="180" height="160" fill="${i % 2 ? '#ffffff' : BRAND[100]}" stroke="${INK}" stroke-width="6"/><path d="M-110 -110 L0 -200 L110 -110Z" fill="${i % 2 ? BRAND[600] : '#334155'}"/><rect x="-25" y="-40" width="50" height="80" fill="${INK}"/><rect x="-70" y="-95" width="40" height="36" fill="#bae6fd"/><rect x="30" y="-95" width="40" height="36" fill="#bae6fd"/></g>`).join('')}
    <rect x="1330" y="520" width="16" height="180" fill="#78350f"/><circle cx="1338" cy="500" r="70" fill="#16a34a"/>`,
  ],
  'blog-retail': [
    1600,
    444,
    (w, h) => `${bg(w, h, BRAND[600], BRAND[400])}
    <rect x="200" y="120" width="520" height="260" rx="12" fill="#ffffff" opacity="0.95"/><path d="M180 120 h560 l-40 -70 h-480z" fill="${INK}"/>
    ${[0, 1, 2, 3].map((i) => `<path d="M${180 + i * 140} 120 q70 60 140 0" fill="${i % 2 ? '#ffffff' : BRAND[100]}"/>`).join('')}
    <rect x="260" y="220" width="120" height="160" fill="${BRAND[100]}"/><rect x="440" y="220" width="220" height="90" rx="6" fill="#bae6fd"/>
    <g transform="translate(1100 70)"><rect width="200" height="340" rx="30" fill="${INK}"/><rect x="16" y="30" width="168" height="280" rx="10" fill="#ffffff"/><rect x="36" y="60" width="128" height="90" rx="8" fill="${BRAND[100]}"/><rect x="36" y="170" width="100" height="14" rx="7" fill="#94a3b8"/><rect x="36" y="250" width="128" height="36" rx="18" fill="${BRAND[600]}"/></g>
    <path d="M760 250 C 850 180, 950 180, 1060 230" stroke="#ffffff" stroke-width="10" fill="none" stroke-dasharray="6 22" stroke-linecap="round"/>`,
  ],
  'blog-landscaping': [
    1600,
    444,
    (w, h) => `${bg(w, h, '#bbf7d0', '#ecfccb')}
    <path d="M0 300 Q400 220 800 290 T1600 260 V444 H0Z" fill="#4ade80"/>
    <path d="M620 444 C 700 380, 760 340, 900 300 L 980 300 C 860 340, 820 400, 800 444Z" fill="#d6d3d1"/>
    ${[120, 300, 1150, 1380].map((x, i) => `<g transform="translate(${x} ${250 + (i % 2) * 20})"><rect x="-10" y="0" width="20" height="90" fill="#78350f"/><circle cx="0" cy="-30" r="${70 - (i % 2) * 15}" fill="${i % 2 ? '#15803d' : '#166534'}"/></g>`).join('')}
    ${[420, 480, 540, 1000, 1060].map((x, i) => `<g transform="translate(${x} 330)"><path d="M0 40 C -10 10, -30 0, -40 -20 M0 40 C 10 10, 30 0, 40 -20 M0 40 V -30" stroke="#15803d" stroke-width="8" fill="none"/><circle cx="0" cy="-34" r="12" fill="${i % 2 ? BRAND[400] : '#facc15'}"/></g>`).join('')}`,
  ],
  'blog-ecommerce': [
    1600,
    444,
    (w, h) => `${bg(w, h, '#1e293b', '#334155')}
    ${laptop(560, 380, 1.9)}
    <g transform="translate(1050 110)"><path d="M0 0 h40 l40 180 h180 l40 -130 h-240" fill="none" stroke="#ffffff" stroke-width="14" stroke-linejoin="round"/><circle cx="100" cy="230" r="22" fill="#ffffff"/><circle cx="240" cy="230" r="22" fill="#ffffff"/><rect x="100" y="70" width="60" height="60" rx="8" fill="${BRAND[400]}"/><rect x="175" y="60" width="60" height="70" rx="8" fill="${BRAND[600]}"/></g>`,
  ],
  'blog-gbp': [
    1600,
    444,
    (w, h) => `${bg(w, h, '#dbeafe', '#ffffff')}
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M${i * 240} 0 V444" stroke="#bfdbfe" stroke-width="6"/>`).join('')}<path d="M0 240 C 400 200, 900 330, 1600 220" stroke="#fde68a" stroke-width="30" fill="none"/>
    <g transform="translate(560 80)"><path d="M0 0 C -60 0, -90 50, -90 90 C -90 160, 0 240, 0 240 C 0 240, 90 160, 90 90 C 90 50, 60 0, 0 0Z" fill="${BRAND[600]}"/><circle cx="0" cy="90" r="36" fill="#ffffff"/></g>
    <g transform="translate(820 90)"><rect width="520" height="260" rx="20" fill="#ffffff" stroke="#cbd5e1" stroke-width="4"/><rect x="30" y="34" width="300" height="26" rx="13" fill="${INK}"/>${[0, 1, 2, 3, 4].map((i) => `<path transform="translate(${44 + i * 48} 110)" d="M0 -18 L5 -6 L18 -6 L8 2 L12 16 L0 7 L-12 16 L-8 2 L-18 -6 L-5 -6Z" fill="#f59e0b"/>`).join('')}<rect x="30" y="150" width="440" height="14" rx="7" fill="#94a3b8"/><rect x="30" y="180" width="360" height="14" rx="7" fill="#94a3b8"/><rect x="30" y="210" width="140" height="34" rx="17" fill="${BRAND[600]}"/></g>`,
  ],
  'blog-seo': [
    1600,
    444,
    (w, h) => `${bg(w, h, BRAND[50], '#fef3c7')}
    <g transform="translate(300 60)"><rect width="560" height="330" rx="20" fill="#ffffff" stroke="#e2e8f0" stroke-width="4"/><rect x="40" y="40" width="420" height="44" rx="22" fill="#f1f5f9" stroke="#cbd5e1" stroke-width="3"/><circle cx="430" cy="62" r="12" fill="none" stroke="#64748b" stroke-width="4"/>${[0, 1, 2].map((i) => `<rect x="40" y="${120 + i * 68}" width="${i === 0 ? 300 : 240}" height="16" rx="8" fill="${i === 0 ? BRAND[600] : '#2563eb'}"/><rect x="40" y="${146 + i * 68}" width="440" height="10" rx="5" fill="#cbd5e1"/>`).join('')}</g>
    <g transform="translate(1160 220)"><path d="M-110 100 L-40 30 L10 70 L110 -40" stroke="${BRAND[600]}" stroke-width="18" fill="none" stroke-linecap="round" stroke-linejoin="round"/><path d="M110 -40 l-50 4 l46 46z" fill="${BRAND[600]}"/></g>`,
  ],
};

await mkdir(OUT, { recursive: true });
for (const [name, [w, h, draw]] of Object.entries(drawings)) {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${draw(w, h)}</svg>`,
  );
  for (const width of WIDTHS) {
    const file = path.join(OUT, width === 1600 ? `${name}.webp` : `${name}-${width}.webp`);
    await sharp(svg).resize({ width }).webp({ quality: 85 }).toFile(file);
  }
  console.log(`${name}: ${WIDTHS.join('/')}w`);
}

// The manifest imports every file so the bundler fingerprints them and the LazyImage gets real URLs.
const id = (name, width) => `${name.replace(/-(\w)/g, (_, c) => c.toUpperCase())}${width}`;
const lines = ['// Generated by scripts/generate-images.mjs; do not edit.'];
for (const name of Object.keys(drawings)) {
  for (const width of WIDTHS)
    lines.push(`import ${id(name, width)} from './${width === 1600 ? name : `${name}-${width}`}.webp';`);
}
lines.push('', 'export const IMAGES = {');
for (const [name, [w, h]] of Object.entries(drawings)) {
  lines.push(
    `  '${name}': { width: ${w}, height: ${h}, src: { ${WIDTHS.map((width) => `${width}: ${id(name, width)}`).join(', ')} } },`,
  );
}
lines.push('} as const;', '', 'export type ImageName = keyof typeof IMAGES;', '');
await writeFile(path.join(OUT, 'index.ts'), lines.join('\n'));
