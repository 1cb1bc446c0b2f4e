/** Where the app remembers that the model notice was dismissed in the current conversation. */
export const NOTICE_DISMISSED_KEY = 'switchboard.modelNoticeDismissed';

type NoticeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Whether the model notice was dismissed in the current conversation, kept across reloads; a new
 * conversation shows it again. Storage that fails (private mode, quota) only loses the memory.
 */
export const noticeDismissal = {
  read(storage: NoticeStorage): boolean {
    try {
      return storage.getItem(NOTICE_DISMISSED_KEY) === 'true';
    } catch {
      return false;
    }
  },
  write(storage: NoticeStorage, dismissed: boolean): void {
    try {
      if (dismissed) storage.setItem(NOTICE_DISMISSED_KEY, 'true');
      else storage.removeItem(NOTICE_DISMISSED_KEY);
    } catch {
      // Not remembered: the notice shows again after a reload.
    }
  },
};
