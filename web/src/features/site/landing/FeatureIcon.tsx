/** Line icons of the features grid (24 px grid, drawn for this site). */
const PATHS: Record<string, string> = {
  captions: 'M3 5h18v14H3zM7 11h4M13 11h4M7 15h10',
  globe: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  document: 'M6 3h9l4 4v14H6zM9 10h7M9 14h7M9 18h4',
  scissors: 'M6 6a2 2 0 1 0 0 .1M6 18a2 2 0 1 0 0 .1M8 7l12 10M8 17L20 7',
  microphone: 'M12 3a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3M5 11a7 7 0 0 0 14 0M12 18v3',
  sparkles: 'M12 3l2 5l5 2l-5 2l-2 5l-2-5l-5-2l5-2zM19 15l1 2l2 1l-2 1l-1 2l-1-2l-2-1l2-1z',
  film: 'M4 4h16v16H4zM8 4v16M16 4v16M4 9h4M4 15h4M16 9h4M16 15h4',
  phone: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1M11 18h2',
  library: 'M4 4h4v16H4zM10 4h4v16h-4zM16 5l4 1l-3 14l-4-1z',
  list: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  record: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6',
  cloud: 'M7 18h10a4 4 0 0 0 0-8a6 6 0 0 0-11.5 2A3 3 0 0 0 7 18',
};

export function FeatureIcon({ name }: { name: string }) {
  return (
    <svg className="feature-icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
      <path
        d={PATHS[name] ?? ''}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
