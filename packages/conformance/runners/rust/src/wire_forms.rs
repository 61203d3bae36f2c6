//! The wire forms of the bindings' unions and field presence rules, one
//! example of each kind, so that a change in the generated serde attributes
//! shows here by name before it shows in a vector.

#[cfg(test)]
mod tests {
    use crate::json_equal::json_equal;
    use app_server_protocol::{
        AgentHookCommand, AgentHookCommandCommand, AskUserQuestionSpec, HookValidationStatus, InitializeParams, PermissionDecisionApprove, PermissionDecisionWire,
        PermissionRequestResult, ResponseResult, ResponseResultSuccess, SessionGoalSetParams, StreamJsonLegacyAnswer,
    };
    use serde_json::{from_value, json, to_value, Value};

    fn encoded<T: serde::Serialize>(value: &T) -> Value {
        to_value(value).expect("encodes")
    }

    #[test]
    fn internal_union_reads_its_tag_and_writes_it_back() {
        let message = json!({"type": "command", "command": "ls", "if": null, "timeout": 1.5});
        let hook: AgentHookCommand = from_value(message.clone()).expect("decodes");
        let expected = AgentHookCommandCommand { command: "ls".to_owned(), r#if: None, timeout: Some(1.5) };
        assert_eq!(hook, AgentHookCommand::Command(expected));
        assert!(json_equal(&encoded(&hook), &message));
    }

    #[test]
    fn unknown_tag_decodes_as_the_fallback_which_writes_its_own_tag() {
        let hook: AgentHookCommand = from_value(json!({"type": "prompt", "prompt": "check"})).expect("decodes");
        assert_eq!(hook, AgentHookCommand::Unsupported);
        assert_eq!(encoded(&hook), json!({"type": "Unsupported"}));
    }

    #[test]
    fn union_without_fallback_rejects_an_unknown_tag() {
        assert!(from_value::<ResponseResult>(json!({"status": "partial"})).is_err());
    }

    #[test]
    fn external_union_is_a_bare_string_or_a_single_key_object() {
        assert_eq!(from_value::<HookValidationStatus>(json!("valid")).expect("decodes"), HookValidationStatus::Valid);
        let invalid = HookValidationStatus::Invalid("no matcher".to_owned());
        assert_eq!(encoded(&invalid), json!({"invalid": "no matcher"}));
        assert_eq!(from_value::<HookValidationStatus>(json!({"invalid": "no matcher"})).expect("decodes"), invalid);
    }

    #[test]
    fn untagged_union_takes_the_first_variant_that_decodes() {
        let bare: PermissionRequestResult = from_value(json!({"decision": "approve"})).expect("decodes");
        assert_eq!(bare, PermissionRequestResult::PermissionDecisionWire(PermissionDecisionWire::Approve(PermissionDecisionApprove {})));
        let full: PermissionRequestResult = from_value(json!({"request_id": "srv-perm-1", "decision": {"decision": "approve"}})).expect("decodes");
        assert!(matches!(full, PermissionRequestResult::PermissionResponseParams(_)));
    }

    #[test]
    fn omitted_fields_stay_omitted_and_defaults_fill_absent_ones() {
        assert_eq!(encoded(&ResponseResult::Success(ResponseResultSuccess { data: None })), json!({"status": "success"}));
        let spec: AskUserQuestionSpec = from_value(json!({"id": "q", "question": "Which?", "header": "Pick"})).expect("decodes");
        assert!(spec.allow_free_text && !spec.multi_select && spec.options.is_empty());
        let expected = json!({"id": "q", "question": "Which?", "header": "Pick", "multi_select": false, "allow_free_text": true, "allow_annotation": false});
        assert_eq!(encoded(&spec), expected);
    }

    #[test]
    fn three_state_field_keeps_null_apart_from_absent() {
        let read = |params: Value| from_value::<SessionGoalSetParams>(params).expect("decodes").token_budget.map(|budget| budget.map(|tokens| tokens.get()));
        assert_eq!(read(json!({"session_id": "s"})), None);
        assert_eq!(read(json!({"session_id": "s", "token_budget": null})), Some(None));
        assert_eq!(read(json!({"session_id": "s", "token_budget": 500})), Some(Some(500)));
        assert!(from_value::<SessionGoalSetParams>(json!({"session_id": "s", "token_budget": 0})).is_err());
        let cleared = json!({"session_id": "s", "replace": false, "token_budget": null});
        assert_eq!(encoded(&from_value::<SessionGoalSetParams>(cleared.clone()).expect("decodes")), cleared);
    }

    #[test]
    fn optional_field_that_cannot_be_null_rejects_null() {
        let params = json!({"protocol_version": "1.0", "client_info": {"name": "c", "version": "1"}});
        assert!(from_value::<InitializeParams>(params.clone()).expect("decodes").capabilities.is_none());
        let mut with_null = params;
        with_null["capabilities"] = Value::Null;
        assert!(from_value::<InitializeParams>(with_null).is_err());
    }

    #[test]
    fn required_nullable_field_must_be_present() {
        assert!(from_value::<StreamJsonLegacyAnswer>(json!({})).is_err());
        assert_eq!(from_value::<StreamJsonLegacyAnswer>(json!({"legacy_answer": null})).expect("decodes").legacy_answer, None);
    }
}
