/**
 * The named statements one connection keeps at most. Each holds its parse and, once chosen, its
 * generic plan in the server's memory for the connection's life (a browse statement 265 KB), and
 * browse has a statement per mix of filters, order, page size and depth that any member may ask
 * for: hundreds of thousands, so without a bound anyone could grow every connection's memory
 * until the server ran out. Past it a new statement runs unnamed (planned on each run), on
 * PostgreSQL (`database.ts`) and on PGlite (`pglite-client.ts`) alike; the hot ones, met first,
 * stay named.
 */
export const NAMED_STATEMENTS_PER_CONNECTION = 256;
