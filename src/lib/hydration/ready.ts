/** Event an island dispatches (bubbling) once its handlers are live, after hydration has committed. */
export const ISLAND_READY = 'island:ready';
