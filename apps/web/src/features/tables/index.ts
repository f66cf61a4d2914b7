// The tables feature's public face: what other features (workflows) use of it. Nothing else is imported
// from outside features/tables (dependency-cruiser's features-through-public-index).
export { useTablesBase, useTablesKey } from './tables-api.ts';
