/** Where the demo's SOL transfer goes unless the user types another address (a fixed address nobody holds). */
export const solanaRecipient = '6EBJCUwp2SgsYGXB4WFy7DZTRqLJuT22posGswotW5Q8'
