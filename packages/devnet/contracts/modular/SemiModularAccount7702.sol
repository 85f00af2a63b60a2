// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {SemiModularAccountBase} from "./SemiModularAccountBase.sol";
import {SingleSignerValidationModule} from "./SingleSignerValidationModule.sol";

/// The ModularAccountV2 EIP-7702 implementation (placed at 0x69007702764179f14F51cdce752f4f775d74E139): an EOA
/// delegates to it and is its own owner (`address(this)`) unless another fallback signer is set.
/// The EntryPoint is a constructor argument (an immutable): the devnet places it for v0.7, which alto 0.0.20
/// accepts EIP-7702 user operations (`eip7702Auth`) on; v0.8 would work the same.
contract SemiModularAccount7702 is SemiModularAccountBase {
    constructor(address entryPoint, SingleSignerValidationModule singleSignerValidationModule)
        SemiModularAccountBase(entryPoint, singleSignerValidationModule)
    {}

    function accountId() external pure override returns (string memory) {
        return "alchemy.sma-7702.1.0.0";
    }

    function _defaultSigner() internal view override returns (address) {
        return address(this);
    }
}
