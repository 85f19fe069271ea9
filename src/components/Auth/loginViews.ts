/**
 * The login machine's two views, loaded together as one chunk: the Login popup, and the
 * /auth/google route that finishes a Google sign-in. Whoever needs one of them needs the login
 * code anyway. It also keeps the home page small: with a separate view chunk for each, the bundler
 * (rolldown 1.2) puts the machine they share in a common chunk and then moves xstate out of the
 * home page's entry chunk into a chunk of its own, which the home page still loads at once and
 * which compresses worse (about 0.7 KiB gzip more, measured with `node bench/run.mjs bundle`).
 */
export { default as LoginDialog } from './LoginDialog';
export { default as GoogleReturnPage } from '../../pages/GoogleReturn/GoogleReturnPage';
