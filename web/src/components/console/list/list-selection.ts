import { useRouterState } from '@tanstack/react-router';
import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Accounts (uids) selected in a list and handed to a bulk page. */
    selectedAccounts?: string[];
  }
}

/**
 * Row selection with bulk actions (issue 19, react-admin's bulk actions): the rows checked in a list,
 * kept while more pages load and while the filters change, until cleared. A bulk action opens its bulk
 * page with the selected accounts in the history entry's state rather than the address: a selection
 * of thousands would make an address longer than CloudFront accepts (8,192 bytes, "Maximum length of
 * a URL" in https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html),
 * and the state survives a reload of the page all the same.
 */
export function useRowSelection() {
  const [selected, setSelected] = useState<RowSelectionState>({});
  const ids = Object.keys(selected).filter((id) => selected[id]);
  return { selected, ids, onChange: setSelected, clear: () => setSelected({}) };
}

export type RowSelection = ReturnType<typeof useRowSelection>;

/** The accounts a list handed to this page, if it was opened by a bulk action. */
export function useHandedAccounts(): readonly string[] | undefined {
  return useRouterState({ select: (state) => state.location.state.selectedAccounts });
}
