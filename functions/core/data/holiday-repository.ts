import { tableService } from './client.ts';
import { HolidayMonth, type HolidayMonthItem } from './entities/holiday.ts';

const db = tableService({ holidayMonth: HolidayMonth });

/** The public holidays of a month as last fetched (see entities/holiday.ts). */
export async function getHolidayMonth(month: string): Promise<HolidayMonthItem | undefined> {
  const { data } = await db().entities.holidayMonth.get({ month }).go();
  return data ?? undefined;
}

export async function putHolidayMonth(
  month: string,
  dates: readonly string[],
  fetchedAt: number,
): Promise<void> {
  await db()
    .entities.holidayMonth.put({ month, dates: [...dates], fetchedAt })
    .go();
}
