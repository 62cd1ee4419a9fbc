/** The tab an arrow key moves to in a horizontal tab list (wrapping around), or undefined for other keys. */
export function arrowTarget(key: string, current: number, count: number): number | undefined {
  const step = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  return step ? (current + step + count) % count : undefined;
}
