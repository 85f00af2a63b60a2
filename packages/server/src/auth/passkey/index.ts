/**
 * Passkey sign-up. A passkey has no route of its own: it signs up through the shared `/v1/signup`
 * route, and signs in by stamping each request itself (checked by the key API's stamp verification).
 */
export { passkeySignup } from './passkeySignup.js'
export { passkeySignupSchema } from './passkeySignupSchema.js'
