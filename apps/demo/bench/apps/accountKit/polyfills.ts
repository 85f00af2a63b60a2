/**
 * What Account Kit's packages need before they load in a browser built by Vite: `tsyringe` (under
 * `@account-kit/core`'s React Native signer, through `@turnkey/crypto`) throws at import without the
 * Reflect metadata API. Imported first by `main.tsx`; its bytes count with the app's.
 */
import 'reflect-metadata'
