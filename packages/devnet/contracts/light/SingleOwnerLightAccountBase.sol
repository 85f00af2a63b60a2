// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {LightAccountBase} from "./LightAccountBase.sol";

/// @title SingleOwnerLightAccountBase
/// @notice The owner of LightAccount v1.1.0 and v2.0.0: `owner()`, `transferOwnership(address)` and `initialize(address)`.
abstract contract SingleOwnerLightAccountBase is LightAccountBase {
    /// @dev `uint256(keccak256("sigil.light.owner")) - 1`: a namespaced slot, so an upgrade keeps or ignores it.
    bytes32 private constant _OWNER_SLOT = bytes32(uint256(keccak256("sigil.light.owner")) - 1);

    event LightAccountInitialized(address indexed entryPoint, address indexed owner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error InvalidOwner(address owner);

    constructor(address anEntryPoint) LightAccountBase(anEntryPoint) {}

    /// @notice Sets the first owner; once per proxy, never on the implementation itself.
    function initialize(address anOwner) external initializer onlyProxy {
        if (anOwner == address(0)) revert InvalidOwner(anOwner);
        _setOwner(anOwner);
        emit LightAccountInitialized(_ENTRY_POINT, anOwner);
    }

    /// @notice The account's owner (an EOA or an ERC-1271 contract).
    function owner() public view returns (address result) {
        bytes32 slot = _OWNER_SLOT;
        assembly ("memory-safe") {
            result := sload(slot)
        }
    }

    /// @notice Hands the account to `newOwner` (not zero, not the account itself).
    function transferOwnership(address newOwner) external onlyAuthorized {
        if (newOwner == address(0) || newOwner == address(this)) revert InvalidOwner(newOwner);
        _setOwner(newOwner);
    }

    function _setOwner(address newOwner) private {
        address previousOwner = owner();
        bytes32 slot = _OWNER_SLOT;
        assembly ("memory-safe") {
            sstore(slot, newOwner)
        }
        emit OwnershipTransferred(previousOwner, newOwner);
    }

    function _isOwner(address account) internal view override returns (bool) {
        return account == owner();
    }
}
