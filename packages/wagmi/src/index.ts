export { type SigilParameters, sigil } from './sigil.js'
