import { type CSSProperties, type ReactNode, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSideScroll } from './use-side-scroll.ts';

/**
 * The box every console table sits in (console-kit.css): a table wider than its card scrolls sideways
 * inside it, with a shadow on the side where more is and a note under it; while it scrolls, the box is
 * reached by keyboard and named by the table. DataTable uses it, and so does a table written by hand
 * (its cells say what they hold with `data-kind`, and their column's name with `data-label`).
 */
export function TableFrame({
  caption,
  height,
  scrollRef,
  children,
}: {
  caption?: string | undefined;
  /** The scrolling area's height in px, when rows beyond it scroll (virtualised tables). */
  height?: number | undefined;
  scrollRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const { t } = useTranslation('console-shell');
  const own = useRef<HTMLDivElement>(null);
  const scroller = scrollRef ?? own;
  const sides = useSideScroll(scroller);
  const overflowing = sides.left || sides.right;
  return (
    <>
      <div
        className="console-table-frame"
        data-more-left={sides.left || undefined}
        data-more-right={sides.right || undefined}
      >
        <div
          className="console-table-scroll"
          ref={scroller}
          style={height ? ({ '--console-table-height': `${height}px` } as CSSProperties) : undefined}
          // A group, not a region: the card around it is the region named by the table.
          {...(overflowing
            ? {
                tabIndex: 0,
                role: 'group',
                'aria-label': caption ? t('table.scrolls_named', { table: caption }) : t('table.scrolls'),
              }
            : {})}
        >
          {children}
        </div>
      </div>
      {sides.right ? (
        <p className="console-table-more" aria-hidden="true">
          {t('table.more_right')}
        </p>
      ) : null}
    </>
  );
}
