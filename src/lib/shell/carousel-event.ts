/** Fired on a carousel root (detail: the active slide) when the centred slide changes. */
export const SLIDE_CHANGE_EVENT = 'carousel:change';
