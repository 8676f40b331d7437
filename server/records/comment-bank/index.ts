/*
 * The comment bank: a teacher's reusable comments, searched and inserted in the feedback
 * composer, most used first. A saved feedback item counts the bank's comments it used.
 */
export { presentBankComment } from './presenter';
export {
  BANK_COMMENT_NOT_FOUND,
  deleteBankComment,
  listBankComments,
  recordBankCommentUses,
  saveBankComment,
  updateBankComment,
} from './service';
