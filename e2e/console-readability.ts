import type { Page } from '@playwright/test';
import type { SiteLanguage } from '../shared/languages.ts';
import { LABEL_TABLES } from '../web/src/lib/labels/label-tables.ts';

/**
 * What a console page shows that a person cannot read (issue 32, issue 41), one check for the specs that
 * look at console pages (console-readable, console-names):
 *
 * - a bare code: a code of the label tables (web/src/lib/labels/label-tables.ts) or a plan code shown
 *   outside a `<code>` (the code in small type beside its name is fine). In Korean, Japanese and Chinese
 *   any such token is one; in English and Spanish, where `card`, `plan` or `event` are words too, a token
 *   no sentence writes (capitals, an underscore, a digit, a capital inside) or a text that is the code
 *   alone; a word with a colon inside is an identifier (`refund_required:ord_…`), not a code; a
 *   quotation (`<q>`: a person's own words as typed, such as an operator's reason `sent by mail`) is
 *   not read for codes;
 * - a word broken inside: a run of Latin or Hangul letters drawn on two lines (Japanese and Chinese break
 *   between any two of their characters, so only their Latin words count), outside ids, e-mails,
 *   addresses, codes and amounts, which may break where they must;
 * - with `cells`, a table cell of one line (an amount, a date, an id, a code) drawn on more than one;
 * - a page wider than its window.
 */
const CODES = [...new Set(Object.values(LABEL_TABLES).flatMap((table) => [...table.codes]))];
const PLAN_CODE = /^(MR|YR|Y1|Y3|M[1-6]|W2)_[A-Z]+/;

export async function unreadable(
  page: Page,
  options: { language: SiteLanguage; cells?: boolean },
): Promise<string[]> {
  return page.evaluate(
    ({ codes, planCode, language, cells }) => {
      const problems: string[] = [];
      const linesOf = (target: Node | Range): number => {
        const range =
          target instanceof Range
            ? target
            : (() => {
                const whole = document.createRange();
                whole.selectNodeContents(target);
                return whole;
              })();
        const rects = [...range.getClientRects()]
          .filter((rect) => rect.width > 0 && rect.height > 0)
          .sort((a, b) => a.top - b.top);
        let lines = 0;
        let bottom = Number.NEGATIVE_INFINITY;
        // Boxes of one line overlap vertically (a smaller code beside a label sits lower, on the same line).
        for (const rect of rects) {
          if (rect.top >= bottom - 1) lines += 1;
          bottom = Math.max(bottom, rect.bottom);
        }
        return lines;
      };
      if (cells) {
        const ONE_LINE = ['amount', 'count', 'date', 'id', 'code'];
        const LOOKS_ONE_LINE = /^(₩|¥|US\$)[\d,.]+$|^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
        for (const cell of document.querySelectorAll('main tbody :is(td, th)')) {
          const value = cell.querySelector(':scope > .console-cell') ?? cell;
          const text = value.textContent?.trim() ?? '';
          if (!text) continue;
          const kind = cell.getAttribute('data-kind') ?? '';
          if ((ONE_LINE.includes(kind) || LOOKS_ONE_LINE.test(text)) && linesOf(value) > 1)
            problems.push(`${kind || 'cell'} "${text}" takes ${linesOf(value)} lines`);
        }
      }
      const known = new Set(codes);
      const planPattern = new RegExp(planCode);
      const spaced = language === 'en' || language === 'es';
      const noWord = /[A-Z_\d]|[a-z][A-Z]/;
      const isBare = (token: string, whole: string) =>
        planPattern.test(token) || (known.has(token) && (!spaced || noWord.test(token) || token === whole));
      // Letters that make a word a line must not split: Latin everywhere, Hangul in Korean.
      const word = language === 'ko' ? /[\p{Script=Latin}\p{Script=Hangul}]{2,}/gu : /\p{Script=Latin}{2,}/gu;
      const notWords = /[@/\\_:=?#&\d]/;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('code, q, script, style, select, textarea, .visually-hidden')) continue;
        if (parent.getClientRects().length === 0) continue;
        const text = node.textContent ?? '';
        const whole = text.trim();
        // A word with a colon inside (`refund_required:ord_…`, an attention case's id) is an identifier, not
        // a code: only a colon a space follows ends a word (`status: paid`).
        const words = text.split(/\s+/).filter((word) => !/:[^\s]/.test(word.replace(/:$/, '')));
        for (const token of words.join(' ').split(/[\s,;:()[\]{}"'·→/|]+/))
          if (token && isBare(token, whole)) problems.push(`bare code "${token}"`);
        const where = parent.closest('[data-testid], [id], [class]');
        const place = where ? `${where.tagName.toLowerCase()}.${where.className || where.id}` : 'page';
        for (const chunk of text.matchAll(/\S+/g)) {
          if (notWords.test(chunk[0])) continue;
          for (const letters of chunk[0].matchAll(word)) {
            const start = (chunk.index ?? 0) + (letters.index ?? 0);
            const range = document.createRange();
            range.setStart(node, start);
            range.setEnd(node, start + letters[0].length);
            if (linesOf(range) > 1) problems.push(`word "${letters[0]}" broken in ${place}`);
          }
        }
      }
      if (document.documentElement.scrollWidth > window.innerWidth)
        problems.push(
          `page ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`,
        );
      return [...new Set(problems)];
    },
    { codes: CODES, planCode: PLAN_CODE.source, language: options.language, cells: options.cells ?? false },
  );
}
