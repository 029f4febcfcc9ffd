import { BinAssignmentPage } from '../components/bin-assignment-page';

/** /recipemanagement/binassignment. */
export default function BinAssignmentScreen() {
  return <BinAssignmentPage />;
}
