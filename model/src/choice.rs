//! The choices a request may name (a report's grouping, a filter's kind…) as enums: one list per
//! choice, which the api parses (any case, a field message naming the values otherwise), the
//! OpenAPI document lists as the parameter's `enum`, and the web takes from `src/generated/
//! enums.ts` (written by `npm run contract` from the document's enum schemas), so the web holds
//! no copy of a list.

/// An enum of named values: what the api's `scope::pick` parses and the contract lists.
pub trait Choice: Copy + 'static {
    /// Every value, in the order the document and the web's pickers show them.
    const ALL: &'static [Self];
    fn as_str(self) -> &'static str;
    /// The value spelled `s`, ignoring ASCII case and surrounding blanks.
    fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.as_str().eq_ignore_ascii_case(s))
    }
}

/// Declares a [`Choice`] enum: serde spells it by its values, and its OpenAPI schema is a
/// string `enum` of them under the enum's name (written out here rather than derived, so the
/// document says exactly the values `as_str` answers).
#[macro_export]
macro_rules! choice {
    ($(#[doc = $doc:literal])* pub enum $t:ident { $($(#[doc = $vdoc:literal])* $v:ident = $s:literal),+ $(,)? }) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $t { $($(#[doc = $vdoc])* $v),+ }
        impl $crate::choice::Choice for $t {
            const ALL: &'static [$t] = &[$($t::$v),+];
            fn as_str(self) -> &'static str { match self { $($t::$v => $s),+ } }
        }
        impl $t {
            /// Every value, in order.
            pub const ALL: &'static [$t] = <$t as $crate::choice::Choice>::ALL;
            /// Every value as it is spelled, in order.
            pub const NAMES: &'static [&'static str] = &[$($s),+];
            pub fn as_str(self) -> &'static str { <$t as $crate::choice::Choice>::as_str(self) }
        }
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
                <$t as $crate::choice::Choice>::parse(&s).ok_or_else(|| {
                    let names: Vec<&str> = <$t>::ALL.iter().map(|v| v.as_str()).collect();
                    serde::de::Error::custom(format!("one of {}", names.join(", ")))
                })
            }
        }
        impl utoipa::PartialSchema for $t {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
                let doc = [$($doc),*].map(str::trim).join(" ");
                ObjectBuilder::new()
                    .schema_type(SchemaType::new(Type::String))
                    .enum_values(Some([$($s),+]))
                    .description((!doc.is_empty()).then_some(doc))
                    .into()
            }
        }
        impl utoipa::ToSchema for $t {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(stringify!($t))
            }
        }
    };
}

choice! {
    /// Which batches the batch summary lists: all of them, those with a dose out of its
    /// tolerance, the aborted ones, or those with a report parameter past its limits.
    pub enum BatchFilter {
        All = "ALL",
        OutOfTolerance = "OUT_OF_TOLERANCE",
        Aborted = "ABORTED",
        ExceededParameters = "EXCEEDED_PARAMETERS",
    }
}

choice! {
    /// Which values outside their specification the out-of-spec list shows.
    pub enum OutOfSpecKind { All = "ALL", Dose = "DOSE", Parameter = "PARAMETER" }
}

choice! {
    /// What the pressure report shows: the pressure alone, or with its setpoint band.
    pub enum PressureView { Pressure = "PRESSURE", Both = "BOTH" }
}

choice! {
    /// A production report's rows: per hour, shift, day, week or month of the line's zone, or
    /// per line.
    pub enum TimeBucket {
        Hour = "hour",
        Shift = "shift",
        Day = "day",
        Week = "week",
        Month = "month",
        Line = "line",
    }
}

choice! {
    /// An OEE report's groups: each shift occurrence, each local day of the line's zone, or each
    /// line over the range.
    pub enum OeeGroup {
        Shift = "shift",
        Day = "day",
        Line = "line",
    }
}

choice! {
    /// A consumption report's rows: per material, material category, scale or bin over the
    /// range, or per shift, hour, day, week or month of the line's zone, or per line.
    pub enum ConsumptionGroup {
        Material = "material",
        Category = "category",
        Scale = "scale",
        Bin = "bin",
        Shift = "shift",
        Hour = "hour",
        Day = "day",
        Week = "week",
        Month = "month",
        Line = "line",
    }
}

choice! {
    /// What a batch SPC chart follows: the dosing error of a material, or a process parameter.
    pub enum SpcSubject { DosingError = "DOSING_ERROR", Parameter = "PARAMETER" }
}

choice! {
    /// A language the messages, PDFs and alarm texts are written in.
    pub enum Language { En = "en", De = "de", Nl = "nl", Fr = "fr", Es = "es" }
}

choice! {
    /// A recipe's medication class: what an order of it must be flushed after.
    pub enum MedicationClass {
        None = "NONE",
        Additive = "ADDITIVE",
        Coccidiostat = "COCCIDIOSTAT",
        Medicated = "MEDICATED",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_parses_any_case_and_spells_itself() {
        assert_eq!(
            BatchFilter::parse(" out_of_tolerance "),
            Some(BatchFilter::OutOfTolerance)
        );
        assert_eq!(TimeBucket::parse("DAY"), Some(TimeBucket::Day));
        assert_eq!(TimeBucket::parse("year"), None);
        assert_eq!(serde_json::to_value(TimeBucket::Week).unwrap(), "week");
        let back: SpcSubject = serde_json::from_value("parameter".into()).unwrap();
        assert_eq!(back, SpcSubject::Parameter);
        assert!(serde_json::from_value::<SpcSubject>("CONSUMPTION".into()).is_err());
    }

    #[test]
    fn the_schema_lists_the_values_and_the_languages_are_the_catalogues() {
        let schema =
            serde_json::to_value(<PressureView as utoipa::PartialSchema>::schema()).unwrap();
        assert_eq!(schema["enum"], serde_json::json!(["PRESSURE", "BOTH"]));
        assert_eq!(schema["type"], "string");
        let codes: Vec<&str> = crate::Lang::ALL.iter().map(|l| l.code()).collect();
        let names: Vec<&str> = Language::ALL.iter().map(|l| l.as_str()).collect();
        assert_eq!(codes, names);
        let spelled: Vec<&str> = MedicationClass::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(MedicationClass::NAMES, spelled.as_slice());
    }
}
