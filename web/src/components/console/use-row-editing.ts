import { useState } from 'react';

/**
 * Row editing (admin-console.md section 2): one row group at a time is in edit mode, holding a draft
 * with Save and Cancel; Edit and Delete stay outside it. Starting to edit another row drops the
 * current draft. `RowEditActions` renders the buttons.
 */
export function useRowEditing<Draft>() {
  const [editing, setEditing] = useState<{ id: string; draft: Draft }>();
  return {
    editingId: editing?.id,
    draft: editing?.draft,
    isEditing: (id: string) => editing?.id === id,
    start: (id: string, draft: Draft) => setEditing({ id, draft }),
    change: (draft: Draft) => setEditing((current) => (current ? { ...current, draft } : current)),
    cancel: () => setEditing(undefined),
  };
}
