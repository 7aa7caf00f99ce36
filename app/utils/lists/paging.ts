/** Page sizes of every server-paged list (docs/provider-api.md, "Paged lists"); the first is the default. */
export const PAGE_SIZES = [10, 25, 50] as const;
