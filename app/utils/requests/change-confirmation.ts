/**
 * Something a change of a request brings that the clerk sees before it is sent (a new price):
 * the server answers the form with it, `ModifyFrame` shows it with its `key` in a hidden field,
 * and the change is sent when the form comes back carrying that key.
 */
export type ChangeConfirmation = { key: string; message: string };

export const CONFIRMED_FIELD = "confirmed";
