export { smsAuth } from './smsAuth.js'
export { smsSignup } from './smsSignup.js'
export { smsStartSchema } from './smsStartSchema.js'
