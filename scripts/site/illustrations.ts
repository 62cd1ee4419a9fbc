import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SITE_LANGUAGES, type SiteLanguage } from '../../shared/languages.ts';

/**
 * The landing page's illustrations, drawn as SVG from code so that they are our own and so that
 * the per-language ones (hero preview, promo poster, use cases) carry text from the `site`
 * translations. `npm run draw` writes them to web/src/assets/illustrations; a unit test checks the
 * committed files are what this module draws.
 */
const root = resolve(import.meta.dirname, '../..');
export const ILLUSTRATIONS_DIR = join(root, 'web/src/assets/illustrations');

type Strings = { illustration: Record<string, string> };
function strings(lang: SiteLanguage): Record<string, string> {
  const site = JSON.parse(
    readFileSync(join(root, 'web/src/i18n/locales', lang, 'site.json'), 'utf8'),
  ) as Strings;
  return site.illustration;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const FONT =
  "font-family='system-ui,-apple-system,Segoe UI,Noto Sans,Apple SD Gothic Neo,Hiragino Sans,Microsoft JhengHei,sans-serif'";
const svg = (width: number, height: number, body: string) =>
  `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${height}' width='${width}' height='${height}' ${FONT}>${body}</svg>\n`;
const text = (x: number, y: number, size: number, fill: string, content: string, extra = '') =>
  `<text x='${x}' y='${y}' font-size='${size}' fill='${fill}' ${extra}>${escapeXml(content)}</text>`;

/** Wide glyphs: Hangul, kana, CJK ideographs and full-width forms take a whole em. */
const WIDE = /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;

/**
 * A text's width in ems, measured generously: other glyphs at the average advance of DejaVu Sans
 * (0.62 em, 0.68 bold), the widest of the fallback fonts a visitor may get, since the drawing cannot
 * know the font the browser will use.
 */
function emWidth(content: string, bold: boolean): number {
  return [...content].reduce((ems, char) => ems + (WIDE.test(char) ? 1 : bold ? 0.68 : 0.62), 0);
}

/**
 * A text that must stay inside the rectangle `within` (an element id; the text is no wider than
 * `maxWidth`): its size comes down from `size` as far as its language's words need. The landing's
 * browser test checks each such text against its rectangle in every language.
 */
function fittedText(
  within: string,
  maxWidth: number,
  x: number,
  y: number,
  size: number,
  fill: string,
  content: string,
  extra = '',
): string {
  const fit = Math.min(size, Math.floor((maxWidth / emWidth(content, extra.includes('bold'))) * 10) / 10);
  return text(x, y, fit, fill, content, `data-within='${within}' ${extra}`.trim());
}

const TEAL = '#0f766e';
const INK = '#0f172a';
const AMBER = '#f59e0b';

function waveform(x: number, y: number, width: number, color: string, seed: number): string {
  const bars: string[] = [];
  for (let i = 0; i < width / 6; i += 1) {
    const h = 6 + Math.abs(Math.sin(i * 0.7 + seed) * 22) + ((i * seed) % 7);
    bars.push(
      `<rect x='${x + i * 6}' y='${y - h / 2}' width='3' height='${h.toFixed(1)}' rx='1.5' fill='${color}'/>`,
    );
  }
  return bars.join('');
}

/** The editor as visitors will see it: video with a caption, the transcript, the timeline. */
function preview(lang: SiteLanguage): string {
  const s = strings(lang);
  return svg(
    960,
    600,
    `<rect width='960' height='600' rx='20' fill='#0b1220'/>` +
      `<rect x='0' y='0' width='960' height='44' rx='20' fill='#111a2e'/><rect x='0' y='24' width='960' height='20' fill='#111a2e'/>` +
      `<circle cx='28' cy='22' r='6' fill='#f87171'/><circle cx='48' cy='22' r='6' fill='#fbbf24'/><circle cx='68' cy='22' r='6' fill='#34d399'/>` +
      text(96, 28, 15, '#cbd5e1', s.preview_project ?? '') +
      `<rect x='24' y='64' width='560' height='316' rx='12' fill='#1e293b'/>` +
      `<path d='M24 300 L170 190 L280 270 L380 170 L584 320 L584 368 Q584 380 572 380 L36 380 Q24 380 24 368Z' fill='${TEAL}' opacity='0.55'/>` +
      `<circle cx='470' cy='130' r='34' fill='${AMBER}' opacity='0.85'/>` +
      `<rect id='caption' x='64' y='318' width='480' height='42' rx='8' fill='#000' opacity='0.65'/>` +
      fittedText(
        'caption',
        448,
        304,
        346,
        20,
        '#fff',
        s.preview_caption ?? '',
        "text-anchor='middle' font-weight='600'",
      ) +
      `<rect x='604' y='64' width='332' height='316' rx='12' fill='#111a2e'/>` +
      text(624, 96, 15, '#94a3b8', s.preview_transcript ?? '', "font-weight='600'") +
      [s.preview_line1, s.preview_line2, s.preview_line3]
        .map(
          (line, i) =>
            `<rect id='line${i + 1}' x='620' y='${114 + i * 84}' width='300' height='70' rx='10' fill='${i === 1 ? '#134e4a' : '#1e293b'}'/>` +
            text(636, 140 + i * 84, 12, '#5eead4', `00:0${i * 4}`) +
            fittedText(`line${i + 1}`, 268, 636, 164 + i * 84, 15, '#e2e8f0', line ?? ''),
        )
        .join('') +
      `<rect x='24' y='400' width='912' height='176' rx='12' fill='#111a2e'/>` +
      `<rect x='44' y='424' width='520' height='34' rx='6' fill='#334155'/><rect x='576' y='424' width='340' height='34' rx='6' fill='#475569'/>` +
      `<rect x='44' y='470' width='300' height='26' rx='6' fill='${TEAL}'/><rect x='356' y='470' width='180' height='26' rx='6' fill='${TEAL}' opacity='0.6'/><rect x='548' y='470' width='368' height='26' rx='6' fill='${TEAL}'/>` +
      waveform(44, 540, 872, '#64748b', 1) +
      `<rect x='330' y='412' width='3' height='152' fill='${AMBER}'/>`,
  );
}

function promoPoster(lang: SiteLanguage): string {
  const s = strings(lang);
  return svg(
    1280,
    720,
    `<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='#042f2e'/><stop offset='1' stop-color='${TEAL}'/></linearGradient></defs>` +
      `<rect id='poster' width='1280' height='720' fill='url(#g)'/>` +
      `<circle cx='1040' cy='160' r='220' fill='${AMBER}' opacity='0.18'/><circle cx='200' cy='620' r='260' fill='#5eead4' opacity='0.12'/>` +
      fittedText('poster', 1088, 96, 300, 64, '#fff', s.promo_title ?? '', "font-weight='700'") +
      fittedText('poster', 1088, 96, 372, 30, '#ccfbf1', s.promo_subtitle ?? '') +
      waveform(96, 520, 700, '#5eead4', 3),
  );
}

const ASSETS: Record<string, string> = {
  IMAGE_VIDEO:
    [0, 1, 2, 3, 4, 5]
      .map(
        (i) =>
          `<rect x='${40 + (i % 3) * 180}' y='${40 + Math.floor(i / 3) * 150}' width='160' height='130' rx='12' fill='${['#99f6e4', '#fde68a', '#bfdbfe', '#fecaca', '#ddd6fe', '#bbf7d0'][i]}'/>` +
          `<path d='M${60 + (i % 3) * 180} ${150 + Math.floor(i / 3) * 150} l40 -50 l30 30 l20 -20 l50 40z' fill='#0f172a' opacity='0.25'/>`,
      )
      .join('') +
    `<circle cx='480' cy='250' r='34' fill='${TEAL}'/><path d='M470 232 l28 18 l-28 18z' fill='#fff'/>`,
  SOUND_EFFECT:
    `<rect x='40' y='60' width='540' height='220' rx='16' fill='#f1f5f9'/>` +
    waveform(70, 170, 480, TEAL, 2) +
    `<path d='M90 300 h60 l30 -20 v60 l-30 -20 h-60z' fill='${AMBER}'/>`,
  BGM:
    `<rect x='40' y='40' width='540' height='260' rx='16' fill='#ecfeff'/>` +
    `<path d='M220 240 V110 l160 -30 V210' stroke='${TEAL}' stroke-width='14' fill='none'/>` +
    `<circle cx='200' cy='240' r='30' fill='${TEAL}'/><circle cx='360' cy='210' r='30' fill='${TEAL}'/>` +
    waveform(420, 250, 140, AMBER, 5),
  DESIGN_CAPTION:
    `<rect x='40' y='40' width='540' height='260' rx='16' fill='#1e293b'/>` +
    `<rect x='90' y='80' width='440' height='50' rx='10' fill='${AMBER}'/><rect x='130' y='150' width='360' height='44' rx='22' fill='#fff'/>` +
    `<rect x='170' y='214' width='280' height='40' rx='6' fill='${TEAL}'/>` +
    `<rect x='120' y='96' width='380' height='18' rx='9' fill='#0f172a' opacity='0.6'/><rect x='160' y='164' width='300' height='16' rx='8' fill='#0f172a' opacity='0.5'/><rect x='200' y='226' width='220' height='16' rx='8' fill='#fff' opacity='0.8'/>`,
};

const SECTIONS: Record<string, string> = {
  voice:
    `<rect width='640' height='400' rx='24' fill='#f0fdfa'/>` +
    [0, 1, 2]
      .map(
        (i) =>
          `<circle cx='90' cy='${90 + i * 110}' r='34' fill='${['#5eead4', '#fcd34d', '#a5b4fc'][i]}'/><circle cx='90' cy='${80 + i * 110}' r='12' fill='#fff'/><path d='M66 ${112 + i * 110} q24 -26 48 0' fill='#fff'/>` +
          waveform(150, 90 + i * 110, 420, i === 1 ? TEAL : '#94a3b8', i + 1),
      )
      .join(''),
  caption:
    `<rect width='640' height='400' rx='24' fill='#0f172a'/><rect x='40' y='40' width='560' height='220' rx='14' fill='#1e293b'/>` +
    `<path d='M40 220 L180 140 L300 200 L420 120 L600 230 V246 Q600 260 586 260 H54 Q40 260 40 246Z' fill='${TEAL}' opacity='0.6'/>` +
    `<rect x='140' y='200' width='360' height='36' rx='8' fill='#000' opacity='0.7'/><rect x='170' y='212' width='300' height='12' rx='6' fill='#fff'/>` +
    [0, 1, 2]
      .map(
        (i) =>
          `<rect x='${40 + i * 190}' y='290' width='170' height='70' rx='10' fill='${i === 1 ? TEAL : '#334155'}'/><rect x='${56 + i * 190}' y='316' width='120' height='10' rx='5' fill='#e2e8f0'/><rect x='${56 + i * 190}' y='336' width='80' height='10' rx='5' fill='#94a3b8'/>`,
      )
      .join(''),
  cut:
    `<rect width='640' height='400' rx='24' fill='#fffbeb'/>` +
    `<rect x='40' y='80' width='560' height='60' rx='10' fill='#fde68a'/>` +
    waveform(56, 110, 530, '#b45309', 4) +
    `<rect x='200' y='70' width='90' height='80' rx='8' fill='#ef4444' opacity='0.25' stroke='#ef4444' stroke-dasharray='6 4'/>` +
    `<rect x='410' y='70' width='60' height='80' rx='8' fill='#ef4444' opacity='0.25' stroke='#ef4444' stroke-dasharray='6 4'/>` +
    `<rect x='40' y='220' width='160' height='60' rx='10' fill='${TEAL}'/><rect x='210' y='220' width='210' height='60' rx='10' fill='${TEAL}'/><rect x='430' y='220' width='170' height='60' rx='10' fill='${TEAL}'/>` +
    `<path d='M300 170 v30 m-12 -12 l12 12 l12 -12' stroke='${INK}' stroke-width='4' fill='none'/>`,
};

function person(hue: string, accent: string): string {
  return svg(
    240,
    240,
    `<rect width='240' height='240' rx='120' fill='${hue}'/><circle cx='120' cy='98' r='44' fill='#fff' opacity='0.92'/>` +
      `<path d='M44 214 q76 -96 152 0' fill='${accent}'/>`,
  );
}

const USE_CASE_COLORS: Record<string, [string, string]> = {
  creators: ['#fee2e2', '#ef4444'],
  business: ['#dbeafe', '#2563eb'],
  education: ['#dcfce7', '#16a34a'],
  church: ['#fef3c7', '#d97706'],
};

function drawUseCase(key: string, lang: SiteLanguage): string {
  const s = strings(lang);
  const [bg, fg] = USE_CASE_COLORS[key] as [string, string];
  return svg(
    480,
    320,
    `<rect id='card' width='480' height='320' rx='20' fill='${bg}'/><rect x='40' y='40' width='400' height='180' rx='14' fill='#fff'/>` +
      `<circle cx='120' cy='130' r='44' fill='${fg}' opacity='0.85'/><rect x='190' y='96' width='210' height='18' rx='9' fill='${fg}' opacity='0.5'/>` +
      `<rect x='190' y='128' width='160' height='14' rx='7' fill='#cbd5e1'/><rect x='190' y='154' width='190' height='14' rx='7' fill='#cbd5e1'/>` +
      fittedText('card', 400, 40, 276, 26, INK, s[`usecase_${key}`] ?? '', "font-weight='700'"),
  );
}

function logo(variant: number): string {
  const [bg, mark] = [
    [TEAL, '#fde68a'],
    [INK, '#5eead4'],
    [AMBER, '#0f172a'],
  ][variant] as [string, string];
  return svg(
    160,
    160,
    `<rect width='160' height='160' rx='36' fill='${bg}'/><path d='M36 50h54l-15 20H36zM36 90h40l-15 20H36z' fill='#ecfeff'/>` +
      `<path d='M100 46l30 34-30 34' fill='none' stroke='${mark}' stroke-width='14' stroke-linecap='round' stroke-linejoin='round'/>`,
  );
}

/** Every illustration: file name -> SVG text. */
export function drawIllustrations(): Map<string, string> {
  const files = new Map<string, string>();
  for (const lang of SITE_LANGUAGES) {
    files.set(`preview-${lang}.svg`, preview(lang));
    files.set(`promo-${lang}.svg`, promoPoster(lang));
    for (const key of Object.keys(USE_CASE_COLORS))
      files.set(`usecase-${key}-${lang}.svg`, drawUseCase(key, lang));
  }
  for (const [type, body] of Object.entries(ASSETS))
    files.set(`asset-${type.toLowerCase()}.svg`, svg(620, 340, body));
  for (const [name, body] of Object.entries(SECTIONS)) files.set(`section-${name}.svg`, svg(640, 400, body));
  files.set('person-consultant.svg', person('#ccfbf1', TEAL));
  files.set('person-marketer.svg', person('#fef3c7', AMBER));
  files.set('person-pastor.svg', person('#e0e7ff', '#4f46e5'));
  for (const variant of [0, 1, 2]) files.set(`logo-${variant + 1}.svg`, logo(variant));
  return files;
}
