/** Session-storage key of the search query; the route guard clears it on every navigation. */
export const SEARCH_QUERY_KEY = 'yuqing.searchQuery';
