//! What the recipe commands take: a recipe as answered, less `_id` and the server-kept fields.

use model::recipe::{Content, MiscellaneousItem, MixingItem, WeighingItem};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

/// What add and edit take: a recipe as answered, less `_id` and the server-kept fields.
/// `lineId` and `code` are the group's: given at add, fixed afterwards.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipeInput {
    pub line_id: Option<String>,
    pub code: Option<String>,
    pub name: Option<String>,
    pub description: Option<String>,
    pub product: Option<String>,
    pub batch_size_kg: Option<f64>,
    /// NONE (default), ADDITIVE, COCCIDIOSTAT or MEDICATED.
    #[schema(value_type = Option<model::choice::MedicationClass>)]
    pub medication_class: Option<String>,
    pub mixing_mode_id: Option<Uuid>,
    pub weighing_items: Option<Vec<WeighingItem>>,
    pub mixing_items: Option<Vec<MixingItem>>,
    pub miscellaneous_items: Option<Vec<MiscellaneousItem>>,
    /// Edit only: the `updatedAt` of the record as the edit started from it; when someone saved
    /// the record since, the edit answers 409 on `updatedAt` naming who and when. Optional.
    pub updated_at: Option<String>,
}

impl RecipeInput {
    /// The document this input makes of `base`: the name, batch size, class and item lists
    /// of `base` where the input has none; the optional texts and mode as sent.
    pub fn apply(self, base: Option<Content>) -> Content {
        let b = base.unwrap_or(Content {
            name: String::new(),
            description: None,
            product: None,
            batch_size_kg: 0.0,
            medication_class: "NONE".into(),
            mixing_mode_id: None,
            weighing_items: Vec::new(),
            mixing_items: Vec::new(),
            miscellaneous_items: Vec::new(),
        });
        let mut c = Content {
            name: self.name.unwrap_or(b.name),
            // A document sent back whole: a missing optional text or mode clears it.
            description: self.description,
            product: self.product,
            batch_size_kg: self.batch_size_kg.unwrap_or(b.batch_size_kg),
            medication_class: self.medication_class.unwrap_or(b.medication_class),
            mixing_mode_id: self.mixing_mode_id,
            weighing_items: self.weighing_items.unwrap_or(b.weighing_items),
            mixing_items: self.mixing_items.unwrap_or(b.mixing_items),
            miscellaneous_items: self.miscellaneous_items.unwrap_or(b.miscellaneous_items),
        };
        c.normalise();
        c
    }
}
