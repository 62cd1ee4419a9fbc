import { useTranslation } from 'react-i18next';
import type { AdminScheduleView } from '../../../../../shared/api/schedules.ts';
import { notify } from '../../../components/console/toast.ts';
import { useScheduleWrites } from '../api/schedules.ts';

/** Enables or disables a schedule (the list's and the page's toggle), with the outcome as a toast. */
export function useScheduleToggle() {
  const { t } = useTranslation('console-schedules');
  const { update } = useScheduleWrites();
  return {
    busy: update.isPending,
    async toggle(schedule: Pick<AdminScheduleView, 'id' | 'enable'>) {
      try {
        await update.mutateAsync({ adminScheduleId: schedule.id, enable: !schedule.enable });
        notify.success(t('console-shell:toast.update_success'));
      } catch (error) {
        notify.failure(t('console-shell:toast.save_failed'), error);
      }
    },
  };
}
