/** Wire types of Model Derivative v2. */

/** The error body Model Derivative answers with. */
export interface ModelDerivativeErrorBody {
  diagnostic: string;
}
