/** How long a reset link works, and how many links one account may get per hour. */
export const RESET_LINK_MINUTES = 30;
export const RESET_LINKS_PER_HOUR = 5;
