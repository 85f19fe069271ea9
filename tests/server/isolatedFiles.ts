/**
 * The server test files that need a module graph of their own: they replace a module with
 * `vi.mock`, which would not reach a module an earlier file in the same worker had loaded, and
 * would leak into the files after it. vitest.config.ts runs these in the "server-isolated"
 * project and the rest of tests/server without isolation; tests/unit/testConfig.test.ts checks
 * that every file doing so is listed.
 */
export const serverFilesWithMocks: readonly string[] = ['tests/server/google.test.ts'];
