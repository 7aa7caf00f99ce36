/**
 * The fetcher key of a details page's notes poll. The side menu reads the poll's answer by it,
 * for the unread-notes count, without loading the notes thread's code.
 */
export function notesPollKey(requestId: number | string) {
  return `notes-${requestId}`;
}
