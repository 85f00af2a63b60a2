export * from './headless/index.js'
export { version } from './version.js'
