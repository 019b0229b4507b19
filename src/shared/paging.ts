// Paging of lists shared by the server and the web app (no zod here: the web app's list queries import it).

/** The response header that carries the cursor of the next page (absent on the last page). */
export const NEXT_PAGE_HEADER = 'X-Next-After';
