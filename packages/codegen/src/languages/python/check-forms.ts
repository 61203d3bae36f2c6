// The forms the Python checker reads some definitions in: the ones every
// generated checker shares.
export { checkForms, taggedRecords } from "../../checked-forms.js";
