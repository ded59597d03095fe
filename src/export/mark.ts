/** The IPTC digital source type of what a trained model made: the mark of an AI-generated answer. */
export const AI_SOURCE_TYPE =
  'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';
