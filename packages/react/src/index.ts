export { version } from './version.js'
