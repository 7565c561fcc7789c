/** What other screens use of the visual editor: the editor of a saved query's filter chips. */
export { FilterChipsEditor } from './FilterChipsEditor';
