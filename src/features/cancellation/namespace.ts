/** The texts of the signed-in cancellation's confirm and received pages (`locales/<culture>/cancel-confirm.json`). */
export const CONFIRM_NAMESPACE = 'cancel-confirm';
