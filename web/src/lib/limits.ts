/**
 * The server's limits (model/src/limits.rs: the longest texts, the most items of a list), read
 * from src/generated/validation.json (`npm run contract`), so no input keeps its own copy of a
 * number the server checks (scripts/check-contract.sh fails on one).
 */
import VALIDATION from '@/generated/validation.json';

export const LIMITS = VALIDATION.limits;
