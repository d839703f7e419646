/**
 * The shell marks the pane that scrolls the views; long tables draw only the rows near it.
 * Its own module, so the shell can mark the pane without loading the table virtualizer
 * (`useRowWindow`), which only the views with long tables need.
 */
export const SCROLL_ROOT_ATTR = 'data-scroll-root'
