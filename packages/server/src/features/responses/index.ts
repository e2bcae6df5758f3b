/** What other features use of the responses: sealing a submitted answer and counting those not yet moved. */
export { sealSubmittedAnswers } from './held-seal';
export { heldResponseCount } from './mover';
