import { defineExport } from '../../src/features/export';
import { quizContract } from './contract';

/** Every quiz export (GIFT, QTI, the worksheet) reads the quiz screen's data, and says so once when a result is not a quiz. */
export const quizExport = defineExport(quizContract, 'This result is not a quiz the export can read.');
