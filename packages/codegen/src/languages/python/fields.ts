// The field plans the Python tables and classes are written from: the
// emission rules shared by every binding.
export { fieldPlans, isOpaque, type Emit, type FieldPlan } from "../../field-plans.js";
